import React from 'react';

/** "One of: `a`, `b`, `c`." — the allowed values of a field or parameter. */
export default function ValueList({ values }: { values: string[] }): React.JSX.Element {
  return (
    <>
      One of:{' '}
      {values.map((v, i) => (
        <React.Fragment key={v}>
          {i > 0 && ', '}
          <code>{v}</code>
        </React.Fragment>
      ))}
      .
    </>
  );
}
