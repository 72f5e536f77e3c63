import { Link } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { type FormReply, MessageForm, sizeLabel, when } from "../components/messages/fields";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/message-thread";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./message-thread.server";

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.thread.subject ?? "Conversation");

export default function MessageThread({ loaderData, actionData }: Route.ComponentProps) {
  const { user, base, sent, thread, participants, messages } = loaderData;
  const reply = actionData as FormReply | undefined;
  return (
    <WorkShell title={thread.subject} user={user}>
      <p className="text-sm">
        <Link to={base} prefetch="none" className="font-semibold text-green-800 underline">
          ← All messages
        </Link>
      </p>
      <p className="mt-2 text-sm break-words text-slate-700">
        Between {participants.join(" and ")}
        {thread.reference ? ` · About ${thread.reference}` : ""}
      </p>
      {sent && !reply && (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-2 font-semibold text-green-900">
          Your message was sent.
        </p>
      )}
      <ol className="mt-4 space-y-3" aria-label="Messages, oldest first" data-testid="messages">
        {messages.map((m, i) => (
          <li
            key={m.id}
            id={i === messages.length - 1 ? "latest" : undefined}
            className={`rounded-lg border p-3 ${m.mine ? "ml-6 border-green-200 bg-green-50" : "mr-6 border-slate-200 bg-white"}`}
          >
            <p className="text-xs break-words text-slate-700">
              <span className="font-semibold">{m.mine ? "You" : m.sender}</span> · {when(m.createdAt)}
            </p>
            <p className="mt-1 break-words whitespace-pre-wrap">{m.body}</p>
            {m.attachment && (
              <p className="mt-2 text-sm">
                <a
                  href={`/api/messages/attachments/${m.attachment.id}`}
                  className="font-semibold break-all text-green-800 underline"
                >
                  {m.attachment.fileName}
                </a>{" "}
                <span className="text-slate-600">
                  (
                  {m.attachment.contentType === "application/pdf"
                    ? "PDF"
                    : m.attachment.contentType === "image/png"
                      ? "PNG"
                      : "JPEG"}
                  , {sizeLabel(m.attachment.sizeBytes)})
                </span>
              </p>
            )}
          </li>
        ))}
      </ol>
      <MessageForm
        prefix="reply"
        title="Reply"
        csrf={user.csrf}
        reply={reply}
        fields={["body", "attachment"]}
        bodyLabel="Your reply"
        send="Send reply"
      />
    </WorkShell>
  );
}
