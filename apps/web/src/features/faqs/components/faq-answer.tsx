import { FAQ_ANSWER_TOKEN, isAllowedFaqLink } from '@ov/domain/faqs';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/** One line of an answer: **bold** and [links](…) become elements; everything else stays text. */
function inline(line: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of line.matchAll(FAQ_ANSWER_TOKEN)) {
    if (m.index > last) out.push(line.slice(last, m.index));
    if (m[1]) out.push(<strong key={`${key}-${m.index}`}>{m[1]}</strong>);
    // A link the rule refuses (http:, //host, javascript:…) stays text, as written.
    else if (!isAllowedFaqLink(m[3])) out.push(m[0]);
    else if (m[3].startsWith('/'))
      out.push(
        <Link key={`${key}-${m.index}`} to={m[3]}>
          {m[2]}
        </Link>,
      );
    else
      out.push(
        <a key={`${key}-${m.index}`} href={m[3]} target="_blank" rel="noopener noreferrer">
          {m[2]}
        </a>,
      );
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}

/**
 * An answer with the editor's simple formatting, rendered as React elements (never as HTML, so an
 * answer cannot inject markup): paragraphs on blank lines, line breaks, **bold** and links to a page
 * of the portal or to an https address.
 */
export function FaqAnswer({ text }: { text: string }) {
  // Positions in the text name the pieces (stable for a given answer).
  const paragraphs = text.split(/\n{2,}/).map((body, n) => ({
    id: `p${n}`,
    lines: body.split('\n').map((line, m) => ({ id: `p${n}-${m}`, line, first: m === 0 })),
  }));
  return (
    <div className="ov-faq__answer">
      {paragraphs.map((paragraph) => (
        <p key={paragraph.id}>
          {paragraph.lines.map((piece) => (
            <Fragment key={piece.id}>
              {piece.first ? null : <br />}
              {inline(piece.line, piece.id)}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
