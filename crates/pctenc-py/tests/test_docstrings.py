"""help(pctenc.encode) and friends: every public function, class and module of the package has
a docstring with at least one example, and every example runs and gives what it shows
(doctest). `help()` shows the same text (pydoc renders __doc__), so what a user reads there
is tested here."""

import doctest
import inspect
import io
import pydoc
import sys

import pytest

import pctenc
import pctenc.arrow
import pctenc.form
import pctenc.polars
import pctenc.query
import pctenc.urllib

PUBLIC = {
    "pctenc": pctenc,
    "pctenc.encode": pctenc.encode,
    "pctenc.decode": pctenc.decode,
    "pctenc.try_decode": pctenc.try_decode,
    "pctenc.decode_segment": pctenc.decode_segment,
    "pctenc.options": pctenc.options,
    "pctenc.check": pctenc.check,
    "pctenc.normalize": pctenc.normalize,
    "pctenc.profiles": pctenc.profiles,
    "pctenc.PctencError": pctenc.PctencError,
    "pctenc.form": pctenc.form,
    "pctenc.form.parse": pctenc.form.parse,
    "pctenc.form.serialize": pctenc.form.serialize,
    "pctenc.query": pctenc.query,
    "pctenc.query.parse": pctenc.query.parse,
    "pctenc.query.build": pctenc.query.build,
    "pctenc.arrow": pctenc.arrow,
    "pctenc.arrow.encode": pctenc.arrow.encode,
    "pctenc.arrow.decode": pctenc.arrow.decode,
    "pctenc.urllib": pctenc.urllib,
    **{f"pctenc.urllib.{n}": getattr(pctenc.urllib, n) for n in pctenc.urllib.__all__},
    **{
        f"pctenc.polars.{cls.__name__}.{m}": getattr(cls, m)
        for cls in (pctenc.polars.PctExpr, pctenc.polars.PctSeries)
        for m in ("encode", "decode", "try_decode")
    },
}


@pytest.mark.parametrize("name", list(PUBLIC))
def test_docstring_examples_run(name):
    obj = PUBLIC[name]
    doc = obj.__doc__ or ""
    # The names of the module that defines it, as `python -m doctest` would give.
    module = obj if inspect.ismodule(obj) else sys.modules[obj.__module__]
    test = doctest.DocTestParser().get_doctest(doc, dict(vars(module)), name, None, 0)
    assert test.examples, f"{name} has no example in its docstring"
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    try:
        runner.run(test, out=out.write)
    finally:
        pctenc.urllib.uninstall()  # an example that installs must not leak into other tests
    assert runner.failures == 0, out.getvalue()
    # help() renders the same docstring (native functions included, with their signature).
    if callable(obj) and not isinstance(obj, type):
        assert test.examples[0].source.strip() in pydoc.render_doc(obj, renderer=pydoc.plaintext)


def test_help_shows_the_signature_of_native_functions():
    text = pydoc.render_doc(pctenc.encode, renderer=pydoc.plaintext)
    assert "encode(data, profile='rfc3986', **options)" in text, text
