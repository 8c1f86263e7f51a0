# C types for krugovoy.py (an augmenting .pxd; see core/state.pxd): R9.12's passing moves the
# state's C arrays, as the core does
cimport cython
from durak_edu.games.core.state cimport CoreState

@cython.locals(n=cython.int, out=cython.ulonglong, last=cython.int, count=cython.int,
               p=cython.int, carry_h=cython.ulonglong, carry_k=cython.ulonglong,
               h=cython.ulonglong, k=cython.ulonglong)
cdef tuple _pass_left(CoreState st)
