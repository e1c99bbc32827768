import { BreakableText } from '../../../../components/breakable-text';
import { Labelled, Lines } from './lines';

/**
 * The details of an action this page does not know (a newer server's, while an older page is
 * open), as name: value lines, so that nothing recorded is hidden.
 */
export function OtherDetails({ details }: { details: unknown }) {
  const entries = details !== null && typeof details === 'object' ? Object.entries(details) : [];
  if (entries.length === 0) return null;
  return (
    <Lines>
      {entries.map(([name, value]) => (
        <li key={name}>
          <Labelled label={name}>
            <BreakableText text={typeof value === 'string' ? value : JSON.stringify(value)} />
          </Labelled>
        </li>
      ))}
    </Lines>
  );
}
