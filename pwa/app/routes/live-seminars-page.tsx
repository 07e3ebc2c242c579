export default function Page() { return <main>live-seminars-page</main>; }
