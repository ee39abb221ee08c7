"""The message catalogue by area: each module here holds ``TEXTS``, code → {"en": …, "ja": …}, in the
same form as :data:`pnp.messages.CATALOGUE`, which merges them all.  A module per area (the simulator,
each bundled game, render …) lets an area add its codes without touching the others'."""
