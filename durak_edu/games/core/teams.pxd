# C types for teams.py (an augmenting .pxd; see state.pxd): R5's seats, compiled with the core
cimport cython
from durak_edu.games.core.state cimport CoreState

@cython.locals(outm=cython.ulonglong, n=cython.int, k=cython.int, p=cython.int)
cpdef int controller(CoreState st, int seat) except? -1

cpdef tuple seats(CoreState st)

@cython.locals(found=object, d=cython.int)
cdef int _defending_seat(CoreState st) except? -1

@cython.locals(defender=cython.int)
cpdef start(CoreState st, int attacker)

@cython.locals(defender=cython.int, new=cython.int)
cpdef transfer(CoreState st)

cpdef int next_defender(CoreState st) except? -1

@cython.locals(defender=cython.int)
cpdef int next_opener(CoreState st, bint took) except? -1

cdef dict _ORDERS
cdef int _last_n, _last_attacker, _last_defender, _last_seat
cdef unsigned long long _last_outm
cdef object _last_throw_in
cdef tuple _last_order

@cython.locals(seat=cython.int, key=tuple, found=tuple)
cpdef tuple thrower_order(CoreState st)

@cython.locals(order=list, k=cython.int, p=cython.int)
cpdef tuple _thrower_order(str throw_in, int n, int attacker, int defender,
                           unsigned long long outm, int seat)

@cython.locals(n=cython.int, a=cython.int, d=cython.int, k=cython.int, p=cython.int,
               order=list, out=list, seat=cython.int)
cpdef list draw_order(CoreState st)

@cython.locals(p=cython.int)
cdef bint _team_holds(CoreState st, int team) except? -1

cpdef bint settle(CoreState st) except? -1
