"""Results out: a tournament's results for people outside the app.

- `spreadsheet`: CSV that a spreadsheet set to Italian opens as it is (semicolons,
  decimal commas, UTF-8 with a BOM), its headers in the page's language;
- `podium`: the podium as an SVG image (the page turns it into a PNG to share);
- `views`: the public results page for the club's site (no account, printable; only
  for a tournament anyone may read), the podium image, the spreadsheet downloads.
"""
