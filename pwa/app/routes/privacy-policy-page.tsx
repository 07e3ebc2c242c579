export default function Page() { return <main>privacy-policy-page</main>; }
