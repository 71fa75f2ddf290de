// Placeholder until the page is built.
export default function Page() {
  return <div className="container">cooperation-detail</div>
}
