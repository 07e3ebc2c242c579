export default function Page() { return <main>contact-page</main>; }
