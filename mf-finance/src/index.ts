// This remote is not a page of its own: the shell loads its './app' at runtime. Opened directly (for
// example its dev server), it points to where it lives in the console.
const root = document.getElementById('root');
if (root) {
  root.innerHTML = `<main style="font-family: system-ui; max-width: 560px; margin: 15vh auto; line-height: 1.5">
    <h1>mf-finance</h1>
    <p>The Finance (withdrawals and transactions) area of the back-office console, built and served on its own.</p>
    <p>Open it inside the console: <a href="http://localhost:3001/withdrawals/pending">http://localhost:3001/withdrawals/pending</a>.</p>
  </main>`;
}
