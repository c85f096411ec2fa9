import { MarketingSection } from '../../../components/ui/layout/marketing-section';

const team = [
  {
    name: 'Elena Marquez',
    role: 'Chief Executive Officer & Co-founder',
    bio: 'Fifteen years building carrier networks across Europe and Latin America.',
    photo: '/team/elena-marquez.svg',
  },
  {
    name: 'David Okafor',
    role: 'Chief Technology Officer & Co-founder',
    bio: 'Led voice platform engineering for two global cloud providers.',
    photo: '/team/david-okafor.svg',
  },
  {
    name: 'Priya Raman',
    role: 'Head of Customer Success',
    bio: 'Runs our round-the-clock support team across three time zones.',
    photo: '/team/priya-raman.svg',
  },
];

export function Team() {
  return (
    <MarketingSection id="team-heading" title="Leadership Team" className="bg-slate-50 px-4 py-16">
      <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {team.map((person) => (
          <li key={person.name} className="rounded-2xl bg-white p-6 text-center shadow-sm">
            <img
              src={person.photo}
              alt={`Portrait of ${person.name}`}
              width={160}
              height={160}
              loading="lazy"
              className="mx-auto h-40 w-40 rounded-full object-cover"
            />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{person.name}</h3>
            <p className="text-sm font-medium text-brand-600">{person.role}</p>
            <p className="mt-3 text-sm text-slate-600">{person.bio}</p>
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}
