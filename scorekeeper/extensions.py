"""Flask extensions, created unbound here and bound to the app in `create_app`."""

from typing import TYPE_CHECKING, ClassVar

from flask_babel import Babel
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData, Table
from sqlalchemy.orm import DeclarativeBase

# Stable constraint names, so Alembic migrations can drop and alter them by name
# on SQLite and PostgreSQL alike.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base for every model; carries the naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)

    if TYPE_CHECKING:
        # DeclarativeBase types it as any FromClause (a class may be mapped to a SELECT);
        # every model here names its own table (``__tablename__``), so it is a Table: what
        # Core's insert() and update() take (games.services builds both on a model's).
        __table__: ClassVar[Table]


db = SQLAlchemy(model_class=Base)

# The class every model subclasses. At run time it is `db.Model`, which Flask-SQLAlchemy
# builds from a copy of Base's body on Base's own bases (its query class, session binding
# and table names come with it; it is not a subclass of Base, so test with `Model`). mypy
# cannot take a base class from an attribute (a model on `db.Model` would be `Any` to it),
# so it reads the class as Base: the typed DeclarativeBase API (`metadata`, `registry`,
# `__table__`, the keyword `__init__`) that `db.Model` has too. What mypy does not see is
# the legacy `Model.query`, which the app never uses (it reads with `select()`).
if TYPE_CHECKING:
    Model = Base
else:
    Model = db.Model

migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()
compress = Compress()
login_manager = LoginManager()
# Storage from RATELIMIT_STORAGE_URI (default "memory://", one counter per process;
# point it at Redis or Memcached when several workers serve the app).
limiter = Limiter(key_func=get_remote_address)
