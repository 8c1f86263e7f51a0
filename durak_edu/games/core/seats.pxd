# C types for seats.py (an augmenting .pxd; see state.pxd)
cimport cython
from durak_edu.games.core.state cimport CoreState

@cython.locals(k=cython.int, p=cython.int)
cpdef int next_seat(int seat, int n, unsigned long long outm, int step=*) except? -1

@cython.locals(throw_in=str, orders=dict, code=cython.ulonglong, found=tuple,
               slot=cython.uint)
cpdef tuple thrower_order(CoreState st)

@cython.locals(code=cython.ulonglong, found=list, slot=cython.uint)
cpdef list draw_order(CoreState st)

@cython.locals(k=cython.int, p=cython.int, order=list, seats=list)
cdef list _draw_order(int n, int a, int d, unsigned long long outm, bint clockwise)

cdef dict _DRAWS

cdef unsigned long long _last_code
cdef object _last_cfg
cdef tuple _last_order

cdef unsigned long long _MASK
cdef unsigned long long _t_code[1024]
cdef unsigned long long _d_code[1024]
cdef list _t_rule, _t_order, _d_order
