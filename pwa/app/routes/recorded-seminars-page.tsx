export default function Page() { return <main>recorded-seminars-page</main>; }
