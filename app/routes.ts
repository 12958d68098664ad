import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Mirrors SPEC.md section 2. The eight service pages and six articles share one
// template each; their loaders answer 404 for a slug the content does not know.
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:slug", "routes/service.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  // An article not yet live, for whoever holds its signed link: before blog/:slug, per request, never indexed.
  route("blog/preview/:token", "routes/article-preview.tsx"),
  route("blog/preview/:token/card.png", "routes/article-preview-card.ts"),
  route("blog/:slug", "routes/article.tsx"),
  route("contact", "routes/contact.tsx"),
  route("free-audit", "routes/free-audit.tsx"),
  route("free-ai-assessment", "routes/free-ai-assessment.tsx"),
  route("get-started", "routes/get-started.tsx"),
  route("company-profile", "routes/company-profile.tsx"),
  route("case-studies", "routes/case-studies.tsx"),
  route("calendar", "routes/calendar.tsx"),
  route("calendar/manage/:token", "routes/calendar.manage.tsx"),
  // A consultant's private feed of their calls: the file name is its secret.
  route("calendar/feeds/:file", "routes/calendar-feed.ts"),
  // Where the links in mail to a newsletter subscriber lead: per request, never indexed.
  route("newsletter/confirm/:token", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe/:token", "routes/newsletter.unsubscribe.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // The agency's lead inbox: private, server-rendered, not in the sitemap or the prerender.
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      route("login", "routes/admin/login.tsx"),
      route("login/code", "routes/admin/login-code.tsx"),
      route("login/enrol", "routes/admin/login-enrol.tsx"),
      route("login/passkey", "routes/admin/login-passkey.ts"),
      layout("routes/admin/signed-in.tsx", [
        index("routes/admin/inbox.tsx"),
        route("leads/:id", "routes/admin/lead.tsx"),
        route("export.csv", "routes/admin/export.ts"),
        route("calls", "routes/admin/calls.tsx"),
        route("report", "routes/admin/report.tsx"),
        route("report.csv", "routes/admin/report-csv.ts"),
        route("conversions/google-ads-clicks.csv", "routes/admin/conversions-csv.ts", { id: "google-ads-clicks" }),
        route("conversions/google-ads-leads.csv", "routes/admin/conversions-csv.ts", { id: "google-ads-leads" }),
        route("conversions/google-ads-adjustments.csv", "routes/admin/conversions-csv.ts", { id: "google-ads-adjustments" }),
        route("newsletter", "routes/admin/newsletter.tsx"),
        route("newsletter/export.csv", "routes/admin/newsletter-export.ts"),
        route("articles", "routes/admin/articles.tsx"),
        route("articles/:id", "routes/admin/article.tsx"),
        route("articles/:id/send", "routes/admin/article-send.tsx"),
        route("pricing", "routes/admin/pricing.tsx"),
        route("forget", "routes/admin/forget.tsx"),
        route("audit", "routes/admin/audit.tsx"),
        route("system", "routes/admin/system.tsx"),
        route("users", "routes/admin/users.tsx"),
        route("sessions", "routes/admin/sessions.tsx"),
        route("account", "routes/admin/account.tsx"),
        route("account/passkey", "routes/admin/account-passkey.ts"),
        route("logout", "routes/admin/logout.ts"),
      ]),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
