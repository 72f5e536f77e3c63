/** The regulator's seal and the green header title beside it (its own module: the login pages load only this). */
/** The regulator's seal (LACRA) as the page headers show it. */
export function Seal({ size = 36 }: { size?: 36 | 40 }) {
  return (
    <img
      src="/api/assets/lacra-logo.svg"
      alt="Seal of the regulator (LACRA)"
      width={size}
      height={size}
      className={size === 40 ? "h-10 w-10" : "h-9 w-9"}
    />
  );
}

/** The seal and two lines of text (title, then a smaller line) of a green page header. */
export function SealTitle({ title, sub, titleClass }: { title: string; sub?: string; titleClass: string }) {
  return (
    <>
      <Seal />
      <div className="leading-tight">
        <p className={titleClass}>{title}</p>
        {sub && <p className="text-xs text-green-200">{sub}</p>}
      </div>
    </>
  );
}
