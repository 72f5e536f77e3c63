/**
 * The page kit: the small building blocks every page uses, one file per component.
 *
 * - `FormField`     label, hint, the field's error message and the control (conform-compatible)
 * - `ErrorSummary`  GOV.UK error summary at the top of a form: focused, links to each field
 *                  (`summaryItems`, `replyItems`: its items from conform fields or a plain reply)
 * - `CsrfInput`     the hidden `csrf` input every POST form carries (token from the loader)
 * - `Pagination`    server-driven "previous / next" (and numbered) links; works with JavaScript off
 * - `pageMeta`      the `<title>` with the platform suffix and the `noindex` robots meta
 * - `DataTable`     a table with header, rows and caption that scrolls inside its container
 * - `Options`       a select's options: the empty choice, then one per item
 * - `PairOptions`   a select's options from [value, label] pairs, after an optional empty choice
 * - `Facts`         a definition list of label → text pairs
 * - `CodeLink`      a record's code as a link, with an optional small line under it
 * - `MoreLinks`     a dashboard's titled list of links to further screens
 * - `PostForm`      a plain POST form with the CSRF token, its `intent` and hidden record fields
 * - `Section`       a page section labelled by its h2 heading
 * - `SubmitButton`  a submit button that is disabled and says so ("Uploading…") while its form is sent
 *
 * Import from "#app/components/kit". Pages stay usable with JavaScript off: nothing here needs
 * client code except the ErrorSummary's focus, which is an enhancement.
 */
export { CodeLink } from "./code-link";
export { CsrfInput } from "./csrf-input";
export { type Column, DataTable } from "./data-table";
export { ErrorSummary, replyItems, type SummaryItem, summaryItems } from "./error-summary";
export { Facts } from "./facts";
export { FieldError, FormField, hintId, noKey } from "./form-field";
export { type MoreLink, MoreLinks } from "./more-links";
export { Options, PairOptions } from "./options";
export { PLATFORM_SUFFIX, pageMeta, pageTitle } from "./page-meta";
export { Pagination, pageNumbers } from "./pagination";
export { PostForm } from "./post-form";
export { Section } from "./section";
export { SubmitButton } from "./submit-button";
