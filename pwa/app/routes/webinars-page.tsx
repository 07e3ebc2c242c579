export default function Page() { return <main>webinars-page</main>; }
