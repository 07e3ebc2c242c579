export default function Page() { return <main>about-page</main>; }
