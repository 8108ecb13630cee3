"""The HTML wing: the tokenizer, the URL-valued attributes and the URL Standard's
reading of URLs, behind :mod:`urikit.html`."""
