// Placeholder until the page is built.
export default function Page() {
  return <div className="container">article-list</div>
}
