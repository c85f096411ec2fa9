const stats = [
  { value: '150+', label: 'Countries' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
];

export function Stats() {
  return (
    <section
      aria-label="Dialtone in numbers"
      className="border-b border-slate-200 bg-white px-4 py-12"
    >
      <dl className="mx-auto grid max-w-5xl gap-8 text-center sm:grid-cols-3">
        {stats.map((stat) => (
          <div key={stat.label}>
            <dt className="text-sm font-medium tracking-wide text-slate-500 uppercase">
              {stat.label}
            </dt>
            <dd className="mt-1 text-4xl font-extrabold text-brand-600">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
