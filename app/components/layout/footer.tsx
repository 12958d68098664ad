import { Icon } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { CookieSettingsButton } from "#app/components/consent/cookie-settings-button.tsx";
import { CompanyProfileButton } from "#app/components/forms/company-profile-button.tsx";
import { footerLinks } from "#app/config/navigation.ts";
import { site } from "#app/config/site.ts";
import { serviceSummaries } from "#app/content/services.ts";
import { Logo } from "#app/components/layout/logo.tsx";
import { phoneHref } from "#app/content/contact-details.ts";
import { useContact } from "#app/lib/seo.ts";

export function Footer() {
  const year = new Date().getFullYear();
  const contact = useContact();
  return (
    <footer className="bg-ink text-slate-300" id="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <Logo inverse />
          <p className="text-sm leading-relaxed">
            {site.tagline}. Paid advertising, SEO, CRO and AI automation for South African businesses.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={`mailto:${contact.email}`} className="flex items-center gap-2 hover:text-white">
                <Icon name="mail" className="size-4" /> {contact.email}
              </a>
            </li>
            <li>
              <a href={phoneHref(contact.phone)} className="flex items-center gap-2 hover:text-white">
                <Icon name="phone" className="size-4" /> {contact.phone}
              </a>
              <span className="mt-1 block pl-6 text-xs text-slate-400">{contact.phoneHours}</span>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="map-pin" className="size-4" /> {contact.locality}, {site.address.country}
            </li>
          </ul>
        </div>
        <nav aria-label="Services">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Services</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {serviceSummaries.map((service) => (
              <li key={service.slug}>
                <Link to={`/services/${service.slug}`} className="hover:text-white">
                  {service.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Company</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <CompanyProfileButton className="inline-flex items-center gap-1.5 hover:text-white">
                <Icon name="download" className="size-4" /> Download Company Profile
              </CompanyProfileButton>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {year} {site.legalName}. All rights reserved. <CookieSettingsButton className="ml-2" />
        </p>
      </div>
    </footer>
  );
}
