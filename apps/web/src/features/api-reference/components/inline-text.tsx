/** A description with `code` in backticks and **bold**, the two marks the document's texts use; no HTML is read. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`|\*\*[^*]+\*\*)/)
        .map((part, index) =>
          part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
            <code key={index}>{part.slice(1, -1)}</code>
          ) : part.startsWith('**') && part.endsWith('**') && part.length > 3 ? (
            <strong key={index}>{part.slice(2, -2)}</strong>
          ) : (
            part
          ),
        )}
    </>
  );
}
