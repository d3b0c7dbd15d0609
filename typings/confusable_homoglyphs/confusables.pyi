# confusable_homoglyphs 3.3: only what the app uses. See typings/README.md.

#: Each character (or string) of Unicode's confusables.txt with its lookalikes, both ways:
#: ``{"c": lookalike, "n": its name}``.
confusables_data: dict[str, list[dict[str, str]]]
