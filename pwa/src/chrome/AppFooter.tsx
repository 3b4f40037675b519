/** Footer (consumer spec "Header, footer and shared chrome"): copyright 2025 and the tagline. */
export function AppFooter() {
  return (
    <footer className="app-footer">
      <div className="container">
        <p>© 2025 Kāinga. All rights reserved.</p>
        <p>AI powered property assessments.</p>
      </div>
    </footer>
  );
}
