"""A toy fourth game, Nim with secret pebbles, packaged the way a separate game plugin is.

It is not part of lopti_nb: the test suite puts ``tests/plugins/toy_nim`` on ``sys.path``
(see ``tests/conftest.py``), where ``lopti_toy_nim-0.1.dist-info/entry_points.txt``
declares ``nim = lopti_toy_nim.plugin:SPEC`` in the ``lopti_nb.games`` group -- what
``pip install`` of such a package would leave in site-packages. The generic layers find it
the way they find the three real games, and the conformance suite checks it with them.
"""
