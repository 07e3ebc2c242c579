export default function Page() { return <main>webinar-packs-page</main>; }
