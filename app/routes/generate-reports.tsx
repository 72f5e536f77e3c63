// Placeholder while the page is being built (issue #5); replaced in this change set.
export default function Page() {
  return <main className="p-4">Not yet available.</main>;
}
