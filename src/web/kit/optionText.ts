import { isRecord } from '@shared/must';

/**
 * Whether a select option's shown text holds what the user typed, case-insensitive: Arco hands
 * `filterOption` the option element, whose children are its label (or another of its props, `extra`).
 */
export function optionTextHolds(input: string, option: unknown, prop: 'children' | 'extra' = 'children'): boolean {
  const props = isRecord(option) ? option.props : undefined;
  const label = isRecord(props) ? props[prop] : undefined;
  return String(label ?? '').toLowerCase().includes(input.toLowerCase());
}
