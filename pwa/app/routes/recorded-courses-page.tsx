export default function Page() { return <main>recorded-courses-page</main>; }
