import { Button, Form, Tooltip } from '@arco-design/web-react';
import {
  IconBold, IconBrush, IconH3, IconItalic, IconOrderedList, IconQuote, IconStrikethrough, IconUnderline, IconUnorderedList,
} from '@arco-design/web-react/icon';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from './locale';
import { must } from '@shared/must';

/**
 * A small rich text editor bound to one form field: a contentEditable box with bold,
 * italic, underline, strike, heading, quote, lists and clear. It writes HTML; the server
 * cleans it to its allow-list, so the toolbar only offers what survives that.
 * Pasted content comes in as plain text (no foreign markup, styles or scripts).
 */
export function RichTextEditor({ field }: { field: string }) {
  const { t } = useTranslation(ns);
  const { form } = Form.useFormContext();
  const value: string | undefined = Form.useWatch(field, form);
  const box = useRef<HTMLDivElement>(null);
  /** The HTML this editor last wrote, so its own changes are not written back into the box (the caret would jump). */
  const written = useRef<string | undefined>(undefined);

  useEffect(() => {
    const el = box.current;
    if (!el || (value ?? '') === (written.current ?? '')) return;
    // The form's value changed from outside (opened on a record, reset): show it. It is the server's cleaned HTML.
    el.innerHTML = value ?? '';
    written.current = value;
  }, [value]);

  const emit = () => {
    const el = box.current;
    if (!el) return;
    const html = el.textContent?.trim() || el.querySelector('li') ? el.innerHTML : '';
    written.current = html;
    form.setFieldValue(field, html);
    // An error shown after a failed submit goes as soon as the content is there.
    if (form.getFieldError(field)) form.validate([field], () => undefined);
  };

  const exec = (command: string, arg?: string) => {
    box.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };

  const tool = (label: string, icon: ReactNode, command: string, arg?: string) => (
    <Tooltip content={label} mini>
      <Button
        size="mini" type="text" icon={icon} aria-label={label}
        // Keep the selection in the box: the command acts on it.
        onMouseDown={(e) => e.preventDefault()} onClick={() => exec(command, arg)}
      />
    </Tooltip>
  );

  return (
    <div className="rte">
      <div className="rte__toolbar" role="toolbar">
        {tool(t('bold'), <IconBold />, 'bold')}
        {tool(t('italic'), <IconItalic />, 'italic')}
        {tool(t('underline'), <IconUnderline />, 'underline')}
        {tool(t('strike'), <IconStrikethrough />, 'strikeThrough')}
        <span className="rte__sep" />
        {tool(t('heading'), <IconH3 />, 'formatBlock', 'h3')}
        {tool(t('quote'), <IconQuote />, 'formatBlock', 'blockquote')}
        {tool(t('bulleted'), <IconUnorderedList />, 'insertUnorderedList')}
        {tool(t('numbered'), <IconOrderedList />, 'insertOrderedList')}
        <span className="rte__sep" />
        {tool(t('clear'), <IconBrush />, 'removeFormat')}
      </div>
      <div
        ref={box} className="rte__box announcement-content" contentEditable suppressContentEditableWarning role="textbox" aria-multiline
        aria-label={t('content')} data-placeholder={t('contentPlaceholder')} data-testid="rich-text"
        onFocus={() => {
          document.execCommand('defaultParagraphSeparator', false, 'p');
          // The first line becomes a paragraph too, not bare text: start an empty box with one, the caret in it.
          const el = box.current;
          if (el && !el.innerHTML) {
            el.innerHTML = '<p><br></p>';
            const range = document.createRange();
            range.setStart(must(el.firstChild, 'the paragraph just written'), 0);
            range.collapse(true);
            window.getSelection()?.removeAllRanges();
            window.getSelection()?.addRange(range);
          }
        }}
        onInput={emit} onBlur={emit}
        onPaste={(e) => {
          e.preventDefault();
          document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
          emit();
        }}
      />
    </div>
  );
}
