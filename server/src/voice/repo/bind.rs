//! One list of a statement's arguments for two drivers: sqlx's Any driver (every
//! write of the call path) and tokio-postgres (the writes a PostgreSQL batch sends
//! without waiting for the last one's answer, `batch::pipe`). The argument lists of
//! `charge` are written once, against `Bind`.

use sqlx::any::AnyArguments;
use sqlx::error::BoxDynError;
use sqlx::Arguments;
use tokio_postgres::types::{ToSql, Type};

/// Appends the next `$n` argument.
pub trait Bind<'q> {
    fn int(&mut self, v: i64) -> Result<(), BoxDynError>;
    fn opt_int(&mut self, v: Option<i64>) -> Result<(), BoxDynError>;
    fn text(&mut self, v: &'q str) -> Result<(), BoxDynError>;
    fn string(&mut self, v: String) -> Result<(), BoxDynError>;
}

impl<'q> Bind<'q> for AnyArguments<'q> {
    fn int(&mut self, v: i64) -> Result<(), BoxDynError> {
        self.add(v)
    }
    fn opt_int(&mut self, v: Option<i64>) -> Result<(), BoxDynError> {
        self.add(v)
    }
    fn text(&mut self, v: &'q str) -> Result<(), BoxDynError> {
        self.add(v)
    }
    fn string(&mut self, v: String) -> Result<(), BoxDynError> {
        self.add(v)
    }
}

/// Arguments for tokio-postgres, owned, so that the request can outlive the call's
/// turn. Their types are the ones sqlx's Any driver sends (BIGINT, TEXT), and the
/// statement is prepared with them: PostgreSQL then reads every argument as sqlx
/// would have it read, and infers none (`$28 = 1` alone would make it an INTEGER).
#[derive(Default)]
pub struct PgArgs {
    pub types: Vec<Type>,
    pub values: Vec<Box<dyn ToSql + Send + Sync>>,
}

impl PgArgs {
    pub fn refs(&self) -> Vec<&(dyn ToSql + Sync)> {
        self.values.iter().map(|v| v.as_ref() as _).collect()
    }

    fn push(&mut self, ty: Type, v: Box<dyn ToSql + Send + Sync>) -> Result<(), BoxDynError> {
        self.types.push(ty);
        self.values.push(v);
        Ok(())
    }
}

impl<'q> Bind<'q> for PgArgs {
    fn int(&mut self, v: i64) -> Result<(), BoxDynError> {
        self.push(Type::INT8, Box::new(v))
    }
    fn opt_int(&mut self, v: Option<i64>) -> Result<(), BoxDynError> {
        self.push(Type::INT8, Box::new(v))
    }
    fn text(&mut self, v: &'q str) -> Result<(), BoxDynError> {
        self.push(Type::TEXT, Box::new(v.to_owned()))
    }
    fn string(&mut self, v: String) -> Result<(), BoxDynError> {
        self.push(Type::TEXT, Box::new(v))
    }
}
