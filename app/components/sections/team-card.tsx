import { Avatar } from "#app/components/illustrations/avatar.tsx";
import type { TeamMember } from "#app/content/team.ts";

/** A co-founder's profile. */
export function TeamCard({ member }: { member: TeamMember }) {
  return (
    <article className="flex h-full flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
      <Avatar
        initials={member.initials}
        name={member.name}
        background={member.avatar.background}
        accent={member.avatar.accent}
        size={112}
      />
      <h3 className="mt-5 text-xl font-semibold">{member.name}</h3>
      <p className="mt-1 text-sm font-semibold text-brand-700">{member.role}</p>
      <p className="mt-4 leading-relaxed text-slate-600">{member.bio}</p>
      <h4 className="sr-only">{member.name}'s expertise</h4>
      <ul className="mt-5 flex flex-wrap justify-center gap-2">
        {member.expertise.map((skill) => (
          <li key={skill} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
            {skill}
          </li>
        ))}
      </ul>
    </article>
  );
}
