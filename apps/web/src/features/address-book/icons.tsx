import type { SVGProps } from 'react';

/** Row action icons in the style of ui/icons (24 × 24, line); decorative, the buttons carry labels. */
function LineIcon({ d, size = 18, ...props }: SVGProps<SVGSVGElement> & { d: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

export const EditIcon = () => <LineIcon d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />;
export const TrashIcon = () => (
  <LineIcon d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 12.5h9l1-12.5M10.5 11v5M13.5 11v5" />
);
