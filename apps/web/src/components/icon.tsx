import './icon.css';

/**
 * A Bootstrap Icons glyph drawn as inline SVG. Each icon is the package's own SVG file, imported as
 * text where it is shown (`import trash from 'bootstrap-icons/icons/trash.svg?raw'`), so the build
 * carries the few the portal uses instead of the 134 KB font. Icons are decorative: hidden from
 * assistive technology, the text beside them says what they mean. Sized 1em like the font's
 * glyphs, so the font-size utilities (`fs-4`) and colours (`text-primary`) apply as before.
 */
export function Icon({ svg, className }: { svg: string; className?: string }) {
  return (
    <svg
      className={className ? `bi ${className}` : 'bi'}
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      // Our own build-time files, not user input: only the paths inside the file's <svg> element.
      dangerouslySetInnerHTML={{ __html: svgBody(svg) }}
    />
  );
}

/** What is inside a file's outer `<svg …>…</svg>`. */
function svgBody(svg: string): string {
  return svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
}
