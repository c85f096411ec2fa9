import { Award, Globe, Lightbulb } from 'lucide-react';

const values = [
  {
    title: 'Global Reach',
    description:
      'We connect businesses to customers in over 150 countries, with local numbers that make every caller feel at home.',
    icon: Globe,
  },
  {
    title: 'Excellence',
    description:
      'Clear calls, a 99.9% uptime guarantee and support that answers around the clock: the basics, done properly.',
    icon: Award,
  },
  {
    title: 'Innovation',
    description:
      'From IVR flows to APIs, we keep making business telephony simpler, faster and more affordable.',
    icon: Lightbulb,
  },
];

export function Values() {
  return (
    <section aria-labelledby="values-heading" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2
          id="values-heading"
          className="text-center text-3xl font-bold tracking-tight text-slate-900"
        >
          Our Values
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {values.map((value) => (
            <li
              key={value.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <value.icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-slate-600">{value.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
