/**
 * Replaces `ApiExplorer/LiveEditor` of docusaurus-theme-openapi-docs 5.2: the
 * request body editor of the "Try it" form.
 *
 * Why: the original is built on react-live, whose provider compiles and
 * evaluates the edited text with `new Function` on every change. The site's
 * Content-Security-Policy forbids eval (no 'unsafe-eval'), so each keystroke
 * was a CSP violation, and react-live with its compiler weighed on the
 * explorer chunk. This editor is a labelled, monospace textarea with the same
 * contract: it reports the text through `action`, and registers `requestBody`
 * (required when the operation's body is) with the explorer's form.
 */
import React, { useEffect, useState } from 'react';
import clsx from 'clsx';
import { Controller, useFormContext } from 'react-hook-form';
import { translate } from '@docusaurus/Translate';

type Props = {
  /** The initial body text (the example). */
  children: string;
  /** Receives the body text on every change. */
  action: (code: string) => void;
  required?: boolean;
  language?: string;
};

export default function LiveEditor({ children, action, required = false }: Props): React.JSX.Element {
  const [code, setCode] = useState(children.replace(/\n$/, ''));
  useEffect(() => {
    action(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the explorer's action is recreated on each render of its parent; report text changes only
  }, [code]);
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const error = errors?.requestBody?.message;
  const requiredMessage = translate({ id: 'theme.openapi.form.fieldRequired', message: 'This field is required' });
  return (
    <div className="openapi-explorer__playground-container">
      <Controller
        control={control}
        name="requestBody"
        rules={{ required: required && !code ? requiredMessage : false }}
        render={({ field: { onChange, name } }) => (
          <textarea
            name={name}
            aria-label={translate({ id: 'theme.openapi.body.editorLabel', message: 'Request body' })}
            className={clsx('openapi-explorer__playground-editor', { 'openapi-explorer__form-item-input': error, error })}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            rows={Math.min(24, Math.max(4, code.split('\n').length + 1))}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              onChange(event.target.value);
            }}
            style={{ width: '100%', fontFamily: 'var(--ifm-font-family-monospace)', fontSize: '0.85rem', resize: 'vertical' }}
          />
        )}
      />
      {typeof error === 'string' && <div className="openapi-explorer__input-error">{error}</div>}
    </div>
  );
}
