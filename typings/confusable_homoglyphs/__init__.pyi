# confusable_homoglyphs 3.3: only what the app uses. See typings/README.md.
