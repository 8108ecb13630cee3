"""The syntax wing: the grammars as data (RFC 3986, RFC 2396 with RFC 2732, RFC 3987)
and the one parser that splits, validates and diagnoses under any of them."""
