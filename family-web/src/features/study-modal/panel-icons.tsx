import type { ReactNode, SVGProps } from 'react';

/** The panels' few icons, drawn inline like the app's others (components/icons.tsx). */
type IconProps = SVGProps<SVGSVGElement>;

function PanelIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const FileIcon = (props: IconProps) => (
  <PanelIcon {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </PanelIcon>
);

export const DownloadIcon = (props: IconProps) => (
  <PanelIcon {...props}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </PanelIcon>
);

export const UploadIcon = (props: IconProps) => (
  <PanelIcon {...props}>
    <path d="M12 20V9M7 14l5-5 5 5M5 4h14" />
  </PanelIcon>
);

export const TrashIcon = (props: IconProps) => (
  <PanelIcon {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </PanelIcon>
);

export const SendIcon = (props: IconProps) => (
  <PanelIcon {...props}>
    <path d="M4 12l16-8-6 16-2-7z" />
  </PanelIcon>
);
