import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorSummary, type SummaryItem } from "#app/components/kit/error-summary";
import { Options } from "#app/components/kit/options";
import type { FieldSpec, FormSpec } from "#app/content/logins";
import { apiRequest, isConnectionError, serverMessage } from "#app/lib/api-client";
import { clearExecutiveTokens, clearSessionKeys, storeBrowserSession, tokenClaims } from "#app/lib/browser-session";
import {
  type FieldMetadata,
  formValues,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  submissionOf,
  useForm,
} from "#app/lib/light-form";
import { OFFLINE_USER_ID, storeOfflineVerifier } from "#app/lib/offline";
import { toast } from "#app/lib/toast-store";
import { AUTH_MESSAGES as M } from "#worker/auth/messages";
import { HOME_DASHBOARD, isRole } from "#worker/auth/roles";
import { LIGHT_LOGIN_CHECKS } from "#worker/contracts/auth-light";

type Status = "idle" | "submitting" | "success" | "error";
/** What the sign-in endpoints answer (each spec endpoint fills some of these). */
type Reply = {
  token?: string;
  message?: string;
  offlineMode?: boolean;
  username?: string;
  userId?: string;
  user?: { id?: string; role?: string; username?: string; name?: string; userType?: string; firstName?: string };
  regulator?: { role?: string };
  inspector?: { role?: string };
  [key: string]: unknown;
};

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-green-700 focus:outline-none focus:ring-2 focus:ring-green-600 aria-[invalid=true]:border-red-700";

/**
 * One sign-in form (spec §4 states: idle, submitting, success, error). Without JavaScript it is
 * a plain POST to the page's action (parsed with the contract's zod schema); with JavaScript the
 * contract's light twin (worker/contracts/auth-light.ts) checks it on submit, with the same
 * messages, and the form calls the spec's endpoint with the spec's exact body.
 */
export function LoginForm({
  spec,
  lastResult,
  redirectTo,
  demoValues,
}: {
  spec: FormSpec;
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo?: string | null;
  demoValues?: Record<string, string> | null;
}) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>("idle");
  const [serverError, setServerError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [filled, setFilled] = useState<Record<string, boolean>>({});
  useEffect(() => setHydrated(true), []);

  async function signIn(values: Record<string, string | undefined>) {
    setStatus("submitting");
    setServerError(null);
    if (spec.storage.clearExecutiveTokensFirst) clearExecutiveTokens(localStorage);
    if (spec.storage.clearSessionKeysFirst) clearSessionKeys(localStorage);
    const body = spec.toBody(values);
    try {
      const res = await apiRequest("POST", spec.endpoint, body);
      const reply = (await res.json()) as Reply;
      const claims = tokenClaims(reply.token);
      const role = String(claims.role ?? reply.user?.role ?? reply.regulator?.role ?? reply.inspector?.role ?? "");
      if (spec.storage.requireRole && (reply.user?.role ?? role) !== spec.storage.requireRole) {
        throw new Error(`403: ${JSON.stringify({ message: M.exporterDenied })}`);
      }
      const offline = reply.offlineMode === true;
      const username = String(claims.lid ?? reply.username ?? reply.user?.username ?? Object.values(values)[0] ?? "");
      const name = String(claims.name ?? reply.user?.name ?? username);
      storeBrowserSession(
        localStorage,
        {
          token: reply.token ?? `offline-${Date.now()}`,
          userType: String(claims.utp ?? reply.user?.userType ?? ""),
          userRole: role,
          userId: String(offline ? OFFLINE_USER_ID : (claims.sub ?? reply.userId ?? reply.user?.id ?? "")),
          username,
        },
        spec.storage.executiveToken,
      );
      if (!offline) {
        void storeOfflineVerifier(spec.endpoint, body, {
          userType: String(claims.utp ?? ""),
          role,
          username,
          name,
        }).catch(() => {});
      }
      if (spec.storage.primeCurrentUser) {
        const user = { id: claims.sub, role, userType: claims.utp, username, name, firstName: reply.user?.firstName };
        void import("#app/lib/query-client").then((q) => q.primeCurrentUser({ success: true, user }));
      }
      setStatus("success");
      toast({ title: M.loginSuccessTitle, description: offline ? reply.message : `Welcome back, ${name}!` });
      const home = claims.mcp ? "/change-password" : redirectTo || (isRole(role) ? HOME_DASHBOARD[role] : "/portals");
      if (!offline) {
        const go = () => navigate(home);
        if (spec.storage.redirectDelayMs) window.setTimeout(go, spec.storage.redirectDelayMs);
        else go();
      }
    } catch (error) {
      setStatus("error");
      if (isConnectionError(error)) {
        setServerError(spec.connectionMessage);
        toast({
          title: spec.connectionTitle ?? M.loginFailedTitle,
          description: spec.connectionMessage,
          variant: "destructive",
        });
        return;
      }
      const message = serverMessage(error, spec.failureFallback);
      setServerError(message);
      toast({ title: M.loginFailedTitle, description: message, variant: "destructive" });
    }
  }

  const [form, fields] = useForm({
    id: `login-${spec.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => submissionOf(formData, LIGHT_LOGIN_CHECKS[spec.contract]),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      void signIn(submission.value);
    },
  });

  const items: SummaryItem[] = [];
  for (const f of spec.fields) {
    const meta = fields[f.name as keyof typeof fields];
    for (const message of meta?.errors ?? []) {
      if (!items.some((i) => i.message === message)) items.push({ fieldId: meta!.id, message });
    }
  }
  for (const message of form.errors ?? []) items.push({ message });
  if (serverError && !items.some((i) => i.message === serverError)) items.push({ message: serverError });

  const requiredNames = spec.fields.filter((f) => !f.optional).map((f) => f.name);
  const disabled =
    status === "submitting" || (hydrated && spec.disableUntilFilled === true && !requiredNames.every((n) => filled[n]));

  return (
    <div className="space-y-3">
      <form
        method="post"
        {...getFormProps(form)}
        className="space-y-3"
        onSubmitCapture={(event) => {
          // Spec §5: the farmer-only portal announces a missing field as 'Missing Information'.
          if (!spec.missingInfoTitle) return;
          const values = formValues(new FormData(event.currentTarget));
          if (Object.keys(LIGHT_LOGIN_CHECKS[spec.contract](values)).length > 0) {
            toast({ title: spec.missingInfoTitle, description: M.missingBoth, variant: "destructive" });
          }
        }}
        onInput={(event) => {
          form.onInput?.(event);
          const target = event.target as HTMLInputElement;
          if (target.name) setFilled((prev) => ({ ...prev, [target.name]: target.value.trim().length > 0 }));
        }}
      >
        <input type="hidden" name="_form" value={spec.id} />
        <ErrorSummary items={items} />
        {spec.fields.map((f) => (
          <Field key={f.name} spec={f} meta={fields[f.name as keyof typeof fields] as FieldMetadata<string>} />
        ))}
        <button
          type="submit"
          disabled={disabled}
          aria-disabled={disabled}
          className="w-full rounded-md bg-green-800 px-4 py-3 text-base font-semibold text-white hover:bg-green-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-green-300 disabled:cursor-not-allowed disabled:bg-slate-400"
        >
          {status === "submitting" ? spec.pending : spec.submit}
        </button>
      </form>
      {spec.demoButton && demoValues && (
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            void signIn(demoValues);
          }}
        >
          <input type="hidden" name="_form" value={spec.id} />
          {Object.entries(demoValues).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            disabled={status === "submitting"}
            className="w-full rounded-md border border-amber-600 bg-amber-50 px-4 py-2.5 text-sm font-semibold text-amber-900 hover:bg-amber-100"
          >
            Demo Login
          </button>
        </form>
      )}
    </div>
  );
}

function Field({ spec, meta }: { spec: FieldSpec; meta: FieldMetadata<string> }) {
  const errorId = `${meta.id}-error`;
  const invalid = Boolean(meta.errors?.length);
  const common = {
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? errorId : spec.hint ? `${meta.id}-hint` : undefined,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-semibold text-slate-800">
        {spec.label}
        {spec.optional && <span className="font-normal text-slate-500"> (optional)</span>}
      </label>
      {spec.hint && (
        <p id={`${meta.id}-hint`} className="text-xs text-slate-600">
          {spec.hint}
        </p>
      )}
      {invalid && (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {meta.errors?.[0]}
        </p>
      )}
      {spec.type === "select" ? (
        <select
          {...getSelectProps(meta)}
          {...common}
          key={meta.key}
          defaultValue={(meta.initialValue as string | undefined) ?? spec.defaultValue ?? ""}
          required={!spec.optional}
        >
          <Options items={spec.options!} value={(o) => o.value} text={(o) => o.label} />
        </select>
      ) : (
        <input
          {...getInputProps(meta, { type: spec.type === "tel" ? "tel" : spec.type })}
          {...common}
          key={meta.key}
          autoComplete={spec.autoComplete}
          placeholder={spec.placeholder}
          required={!spec.optional}
          aria-required={!spec.optional || undefined}
          defaultValue={spec.type === "password" ? undefined : (meta.initialValue as string | undefined)}
        />
      )}
    </div>
  );
}
