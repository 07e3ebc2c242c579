export default function Page() { return <main>courses-page</main>; }
