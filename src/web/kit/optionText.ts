import { isRecord } from '@shared/must';

/**
 * Whether a select option's shown text holds what the user typed, case-insensitive: Arco hands
 * `filterOption` the option element, whose children are its label.
 */
export function optionTextHolds(input: string, option: unknown): boolean {
  const props = isRecord(option) ? option.props : undefined;
  const label = isRecord(props) ? props.children : undefined;
  return String(label ?? '').toLowerCase().includes(input.toLowerCase());
}
