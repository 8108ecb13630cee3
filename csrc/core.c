/* urikit._core: the compiled core of urikit's hot paths (issue 13).

   The validating split under RFC 3986 and RFC 3987 (scan.h, scan.c, with the SIMD
   front end of simd.c, and for a column the accept filter of accept.c in front of
   it), reference resolution (RFC 3986 §5.2 with §5.2.4
   remove_dot_segments: resolve.c), normalization
   (§6.2.2 syntax, §6.2.3 scheme: normalize.c), their bindings for one str (strings.c),
   for Arrow string columns (columns.c; the crawl wing's SURT column: crawl.c) and for
   lists (lists.c), the storage of
   URIReference (spans over its text: reference.c), and the vectorcall fronts of
   is_valid, parse, normalize and resolve (front.c).  One translation unit: this file includes the others
   and holds the configuration and the module.  The pure-Python engine (urikit._syntax,
   urikit._algorithms) is the reference: every function here answers exactly as it
   does, or leaves the case to Python (an invalid input, whose diagnosis stays in
   Python; a scheme with its own path normalizer; an IRI with percent-encodings to
   decode).  The core is configured once (urikit._engine) and never calls back into
   the package.  Every constant shared with Python (character classes, rule flags,
   components, levels, grammar ids) is generated into tables.h by gen_tables.py. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h> /* madvise: buffers.c */
#endif

#include "tables.h"

/* One translation unit, one concern a file (each includes nothing itself): */
#include "simd.c"
#include "scan.c"
#include "accept.c"
#include "buffers.c"
#include "resolve.c"
#include "normalize.c"
#include "strings.c"
#include "reference.c"
#include "columns.c"
#include "crawl.c"
#include "lists.c"
#include "front.c"

/* -- configuration and introspection ----------------------------------------------------- */

PyDoc_STRVAR(configure_doc,
             "configure(*, split_type, reference_type, registry)\n\nWhat the core builds and "
             "reads, given once (urikit._engine): the tuple subclass split() makes, the "
             "class parse's front and reference() make (a subclass of Reference with no "
             "slots of its own), and the scheme registry (a dict: lower-case name -> "
             "Scheme, read live).");

static PyObject *
core_configure(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"split_type", "reference_type", "registry", NULL};
    PyObject *split, *reference, *schemes;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$O!O!O!:configure", names, &PyType_Type,
                                     &split, &PyType_Type, &reference, &PyDict_Type, &schemes))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)split, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "split_type must be a tuple subclass");
        return NULL;
    }
    PyTypeObject *type = (PyTypeObject *)reference;
    if (!PyType_IsSubtype(type, &ReferenceType) || type->tp_basicsize != sizeof(Reference) ||
        type->tp_itemsize != 0 || type->tp_dictoffset != 0 || type->tp_weaklistoffset != 0) {
        PyErr_SetString(PyExc_TypeError,
                        "reference_type must subclass Reference with no slots of its own");
        return NULL;
    }
    Py_INCREF(split);
    Py_XSETREF(split_type, (PyTypeObject *)split);
    Py_INCREF(reference);
    Py_XSETREF(reference_type, (PyTypeObject *)reference);
    reference_gc = PyType_IS_GC(type);
    Py_INCREF(schemes);
    Py_XSETREF(registry, schemes);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(class_table_doc,
             "class_table(grammar_id, component) -> (bytes, tuple)\n\nThe compiled character "
             "class: one byte per ASCII character (1 when in the class) and the non-ASCII "
             "ranges; component 0-6 are scheme, userinfo, host, path, first_segment, query, "
             "fragment (K_* of tables.h), 7- the shared sets of tables.h.");

static PyObject *
core_class_table(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (check_args(args, nargs, 2, "class_table") < 0)
        return NULL;
    int g = grammar_id(args[0]), comp = small_int(args[1], 13);
    if (g < 0 || comp < 0)
        return NULL;
    char ascii[128];
    for (int c = 0; c < 128; c++)
        ascii[c] = (ASCII_CLASSES[g][c] >> comp) & 1;
    PyObject *ranges = PyTuple_New(comp < 7 ? WIDE[g][comp].count : 0);
    if (ranges == NULL)
        return NULL;
    for (int k = 0; comp < 7 && k < WIDE[g][comp].count; k++) {
        PyObject *pair = Py_BuildValue("(II)", WIDE[g][comp].ranges[k].lo,
                                       WIDE[g][comp].ranges[k].hi);
        if (pair == NULL) {
            Py_DECREF(ranges);
            return NULL;
        }
        PyTuple_SET_ITEM(ranges, k, pair);
    }
    PyObject *result = Py_BuildValue("(y#N)", ascii, (Py_ssize_t)128, ranges);
    return result;
}

static PyMethodDef core_methods[] = {
    {"split", (PyCFunction)(void (*)(void))core_split, METH_FASTCALL, split_doc},
    {"front", (PyCFunction)(void (*)(void))core_front, METH_FASTCALL, front_doc},
    {"verb_front", (PyCFunction)(void (*)(void))core_verb_front, METH_FASTCALL,
     verb_front_doc},
    {"reference", (PyCFunction)(void (*)(void))core_reference, METH_FASTCALL, reference_doc},
    {"lint_plain", (PyCFunction)(void (*)(void))core_lint_plain, METH_FASTCALL, lint_plain_doc},
    {"iri_to_uri", (PyCFunction)core_iri_to_uri, METH_O, iri_to_uri_doc},
    {"is_valid", (PyCFunction)(void (*)(void))core_is_valid, METH_FASTCALL, is_valid_doc},
    {"resolve", (PyCFunction)(void (*)(void))core_resolve, METH_FASTCALL, resolve_doc},
    {"normalize", (PyCFunction)(void (*)(void))core_normalize, METH_FASTCALL, normalize_doc},
    {"column_valid", (PyCFunction)(void (*)(void))core_column_valid, METH_FASTCALL,
     column_valid_doc},
    {"column_split", (PyCFunction)(void (*)(void))core_column_split, METH_FASTCALL,
     column_split_doc},
    {"column_normalize", (PyCFunction)(void (*)(void))core_column_normalize, METH_FASTCALL,
     column_normalize_doc},
    {"column_resolve", (PyCFunction)(void (*)(void))core_column_resolve, METH_FASTCALL,
     column_resolve_doc},
    {"column_surt", (PyCFunction)(void (*)(void))core_column_surt, METH_FASTCALL,
     column_surt_doc},
    {"list_map", (PyCFunction)(void (*)(void))core_list_map, METH_FASTCALL, list_map_doc},
    {"list_valid_bits", (PyCFunction)(void (*)(void))core_list_valid_bits, METH_FASTCALL,
     list_valid_bits_doc},
    {"configure", (PyCFunction)(void (*)(void))core_configure, METH_VARARGS | METH_KEYWORDS,
     configure_doc},
    {"simd", (PyCFunction)(void (*)(void))core_simd, METH_FASTCALL, simd_doc},
    {"class_table", (PyCFunction)(void (*)(void))core_class_table, METH_FASTCALL,
     class_table_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "urikit._core",
    "The compiled core of urikit's hot paths (issue 13); urikit._engine loads it.", -1,
    core_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__core(void)
{
    str_default_port = PyUnicode_InternFromString("default_port");
    str_default_host = PyUnicode_InternFromString("default_host");
    str_empty_path_is_root = PyUnicode_InternFromString("empty_path_is_root");
    str_normalize_path = PyUnicode_InternFromString("normalize_path");
    str_rule = PyUnicode_InternFromString("rule");
    str_grammar = PyUnicode_InternFromString("grammar");
    str_level = PyUnicode_InternFromString("level");
    str_scheme = PyUnicode_InternFromString("scheme");
    str_strict = PyUnicode_InternFromString("strict");
    str_above_root = PyUnicode_InternFromString("above_root");
    str_ignore = PyUnicode_InternFromString("ignore");
    if (!str_rule || !str_grammar || !str_level || !str_scheme || !str_strict ||
        !str_above_root || !str_ignore || PyType_Ready(&FrontType) < 0 ||
        PyType_Ready(&ReferenceType) < 0)
        return NULL;
    simd_init();
    run_tables();
    accept_tables();
    if (!str_default_port || !str_default_host || !str_empty_path_is_root || !str_normalize_path)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&ReferenceType);
    if (PyModule_AddObject(m, "Reference", (PyObject *)&ReferenceType) < 0) {
        Py_DECREF(&ReferenceType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
