/** A batch's code as a link to its page (long codes break rather than widen a 360 px screen). */
export function BatchLink({ code }: { code: string }) {
  return (
    <a href={`/batches/${code}`} className="break-all text-green-800 underline">
      {code}
    </a>
  );
}
