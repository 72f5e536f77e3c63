import { useNavigation } from "react-router";

/**
 * A form's submit button that, while the page's form is being sent (JavaScript on), is disabled
 * and says what is happening (`busy`, e.g. "Uploading…"). Without JavaScript it is a plain button.
 */
export function SubmitButton({
  busy,
  className,
  children,
}: {
  busy: string;
  className: string;
  children: React.ReactNode;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <button type="submit" disabled={submitting} className={className}>
      {submitting ? busy : children}
    </button>
  );
}
