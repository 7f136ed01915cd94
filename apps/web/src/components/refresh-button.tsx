interface RefreshButtonProps {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  /** Spins the icon while a refetch is under way. */
  refreshing?: boolean | undefined;
  onClick(): void;
}

/** A small icon button with the circular-arrow refresh icon. */
export function RefreshButton({ label, refreshing, onClick }: RefreshButtonProps) {
  return (
    <button
      type="button"
      className={`icon-button icon-button--small${refreshing ? ' is-spinning' : ''}`}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
