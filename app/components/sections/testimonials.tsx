import { Icon } from "#app/components/ui/icon.tsx";
import { Avatar } from "#app/components/illustrations/avatar.tsx";
import type { Testimonial } from "#app/content/testimonials.ts";
import { cn } from "#app/lib/cn.ts";

function Rating({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: rating }, (_, i) => (
        <Icon name="star" key={i} className="size-4 fill-amber-400 text-amber-400" />
      ))}
    </p>
  );
}

/** A client's quote with name, title, company, rating and the result they got. */
export function TestimonialCard({ testimonial, inverse = false }: { testimonial: Testimonial; inverse?: boolean }) {
  return (
    <figure
      className={cn(
        "flex h-full flex-col rounded-2xl p-6",
        inverse ? "bg-white/5 ring-1 ring-white/15" : "bg-white shadow-sm ring-1 ring-slate-200",
      )}
    >
      <Rating rating={testimonial.rating} />
      <blockquote className={cn("mt-4 flex-1 leading-relaxed", inverse ? "text-slate-200" : "text-slate-700")}>
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <p
        className={cn(
          "mt-5 inline-flex self-start rounded-full px-3 py-1 text-sm font-semibold",
          inverse ? "bg-emerald-400/15 text-emerald-200" : "bg-emerald-50 text-accent-700",
        )}
      >
        {testimonial.results}
      </p>
      <figcaption className="mt-5 flex items-center gap-3">
        <Avatar initials={testimonial.initials} name={testimonial.name} size={44} decorative />
        <span>
          <span className={cn("block font-semibold", inverse ? "text-white" : "text-ink")}>{testimonial.name}</span>
          <span className={cn("block text-sm", inverse ? "text-slate-300" : "text-slate-600")}>
            {testimonial.title}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

export function TestimonialGrid({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <ul className={cn("grid gap-6", testimonials.length === 3 ? "lg:grid-cols-3" : "md:grid-cols-2")}>
      {testimonials.map((testimonial) => (
        <li key={testimonial.name}>
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}
