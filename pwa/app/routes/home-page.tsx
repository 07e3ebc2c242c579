export default function Page() { return <main>home-page</main>; }
