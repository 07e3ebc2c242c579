export default function Page() { return <main>course-detail-page</main>; }
